// Shared modules are negotiated before any app code runs, hence the asynchronous boundary.
void import('./bootstrap');
