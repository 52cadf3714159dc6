/** Camera capture: rear camera, ideal 1920x1080, JPEG quality 0.8, file name camera-capture. */
const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } },
  audio: false,
};

export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
  return navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
}

export function captureFrame(video: HTMLVideoElement): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth || 1920;
  canvas.height = video.videoHeight || 1080;
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(new File([blob], 'camera-capture.jpg', { type: 'image/jpeg' })) : reject(new Error('capture failed'))), 'image/jpeg', 0.8),
  );
}

export function stopCamera(stream: MediaStream | null): void {
  stream?.getTracks().forEach((t) => t.stop());
}
