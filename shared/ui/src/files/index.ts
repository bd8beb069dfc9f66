export { FileDrop, type FileDropProps } from './file-drop';
export { UploadList, type UploadListItem, type UploadListLabels } from './upload-list';
export {
  DownloadChoices,
  type DownloadChoice,
  type DownloadChoicesProps,
} from './download-choices';
export { FilePreview, type FilePreviewLabels, type FilePreviewProps } from './file-preview';
