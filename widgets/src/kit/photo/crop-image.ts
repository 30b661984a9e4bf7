/** A rectangle in the image's own pixels (react-easy-crop's `croppedAreaPixels`). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The longest side of a cropped image; larger crops are scaled down before upload. */
export const CROP_OUTPUT_MAX_PX = 1024;

/**
 * The size of the output canvas for a crop: the crop's own size, scaled down to at most
 * `CROP_OUTPUT_MAX_PX`, never below one pixel.
 *
 * @example
 * ```ts
 * outputSize({ x: 0, y: 0, width: 2000, height: 2000 }); // { width: 1024, height: 1024 }
 * ```
 */
export function outputSize(area: PixelArea): { width: number; height: number } {
  const scale = Math.min(1, CROP_OUTPUT_MAX_PX / Math.max(area.width, area.height));
  return {
    width: Math.max(1, Math.round(area.width * scale)),
    height: Math.max(1, Math.round(area.height * scale)),
  };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read.'));
    image.src = src;
  });
}

/**
 * Draws the chosen square of an image on a canvas and encodes it as a JPEG (user-area §5: the
 * cropped image is sent as a jpeg). Parts of the crop outside the image (zoomed out below 1) are
 * white, since JPEG has no transparency.
 *
 * @example
 * ```ts
 * const blob = await cropToJpeg(objectUrl, croppedAreaPixels);
 * await api.profile.update({}, { profilePhoto: blob });
 * ```
 */
export async function cropToJpeg(src: string, area: PixelArea, quality = 0.9): Promise<Blob> {
  const image = await loadImage(src);
  const size = outputSize(area);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The image could not be cropped.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  const scale = size.width / area.width;
  // Drawing the whole image shifted and scaled keeps the parts outside the crop simply off-canvas.
  context.drawImage(
    image,
    -area.x * scale,
    -area.y * scale,
    image.naturalWidth * scale,
    image.naturalHeight * scale,
  );
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be cropped.'))),
      'image/jpeg',
      quality,
    );
  });
}
