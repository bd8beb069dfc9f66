// Dialogs, drawers, menus and toasts (their state machines, focus traps and positioning): loaded
// by the first screen that opens one, not with the public pages.
export { Dialog, Drawer, Menu } from '@chakra-ui/react';
export { AppToaster, showToast, toaster } from './toaster';
