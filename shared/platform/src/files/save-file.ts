/** Hands bytes to the browser as a download under `fileName`, then lets go of them. */
export function saveFile(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the bytes over; the address is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}
