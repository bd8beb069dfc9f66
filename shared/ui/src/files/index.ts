export { FileDrop, type FileDropProps } from './file-drop';
export { UploadList, type UploadListItem, type UploadListLabels } from './upload-list';
