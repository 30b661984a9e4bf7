import { CROP_ZOOM, MODAL_WIDTH_PX } from '@fm/sdk/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { DialogActions } from '../dialogs/dialog-actions.tsx';
import { cropToJpeg } from './crop-image.ts';
import { IMAGE_ACCEPT, imageContentProblem, imageFileProblem } from './image-file.ts';

interface PhotoCropperDialogProps {
  /** The chosen image; the dialog is open while there is one. */
  file: File | null;
  title: string;
  onCancel: () => void;
  /** Receives the cropped square JPEG; the dialog closes when it resolves. */
  onCropped: (image: Blob) => Promise<void>;
}

/**
 * Crops an image to a square (user-area §5): drag to move, zoom 0.2–3 (default 1.2) with the
 * slider or the wheel; the result is a JPEG that the SDK sends as `cropped-image.jpg`.
 */
export function PhotoCropperDialog({ file, title, onCancel, onCropped }: PhotoCropperDialogProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(CROP_ZOOM.default);
  const [area, setArea] = useState<Area | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const zoomId = useId();

  useEffect(() => {
    if (!file) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    setCrop({ x: 0, y: 0 });
    setZoom(CROP_ZOOM.default);
    setArea(null);
    setError(null);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  const save = async () => {
    if (!url || !area) return;
    setSaving(true);
    setError(null);
    try {
      await onCropped(await cropToJpeg(url, area));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The image could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root
      open={file !== null}
      onOpenChange={(open) => {
        if (!open && !saving) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog cropper"
          style={{ width: `min(${MODAL_WIDTH_PX}px, calc(100vw - 2rem))` }}
        >
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="dialog__text">
            Drag the image to position it and zoom to fit the square.
          </Dialog.Description>
          <div className="cropper__stage" data-testid="cropper-stage">
            {url ? (
              <Cropper
                image={url}
                crop={crop}
                zoom={zoom}
                aspect={1}
                minZoom={CROP_ZOOM.min}
                maxZoom={CROP_ZOOM.max}
                restrictPosition={false}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_area, pixels) => setArea(pixels)}
              />
            ) : null}
          </div>
          <div className="cropper__zoom">
            <label className="field__label" htmlFor={zoomId}>
              Zoom
            </label>
            <input
              id={zoomId}
              type="range"
              min={CROP_ZOOM.min}
              max={CROP_ZOOM.max}
              step={0.05}
              value={zoom}
              onChange={(event) => setZoom(Number(event.target.value))}
              aria-valuetext={`${zoom.toFixed(2)}×`}
            />
            <output htmlFor={zoomId} className="cropper__zoom-value">
              {zoom.toFixed(1)}×
            </output>
          </div>
          <DialogActions busy={saving} error={error}>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void save()}
              disabled={saving || !area}
              aria-busy={saving}
            >
              {saving ? <span className="spinner" aria-hidden="true" /> : null}
              Save
            </button>
          </DialogActions>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface PhotoUploadProps {
  /** The current image URL, or null. */
  src: string | null;
  /** The image's text alternative, e.g. "Your photo" or "BrightNest logo". */
  alt: string;
  /** Shown in the circle/square when there is no image. */
  placeholder: string;
  /** The button text, e.g. "Upload photo" (also the file input's label). */
  label: string;
  cropTitle: string;
  shape?: 'round' | 'square';
  disabled?: boolean;
  /** Why uploading is not possible yet (shown instead of the button). */
  disabledReason?: string;
  /** Saves the cropped image (e.g. `api.profile.update({}, { logo })`). */
  onSave: (image: Blob) => Promise<void>;
}

/**
 * A profile photo or logo shown at 180 px with an upload button: one JPEG or PNG — by its type,
 * then by its content, so a renamed file is refused with the same message — is checked before
 * anything is sent, then cropped square and saved.
 *
 * @example
 * ```tsx
 * <PhotoUpload src={profile.profilePhoto} alt="Your photo" placeholder="MR" label="Upload photo"
 *   cropTitle="Crop your photo" onSave={(blob) => save({ profilePhoto: blob })} />
 * ```
 */
export function PhotoUpload({
  src,
  alt,
  placeholder,
  label,
  cropTitle,
  shape = 'round',
  disabled = false,
  disabledReason,
  onSave,
}: PhotoUploadProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The latest choice wins when an earlier one is still being read.
  const choice = useRef(0);

  const choose = async (files: FileList | null) => {
    const chosen = files ? Array.from(files) : [];
    if (input.current) input.current.value = '';
    if (chosen.length === 0) return;
    const ticket = ++choice.current;
    const first = chosen[0];
    const reason = imageFileProblem(chosen) ?? (first ? await imageContentProblem(first) : null);
    if (ticket !== choice.current) return;
    setProblem(reason);
    if (!reason) setFile(first ?? null);
  };

  return (
    <div className={`photo-upload photo-upload--${shape}`}>
      {src ? (
        <img className="photo-upload__image" src={src} alt={alt} width={180} height={180} />
      ) : (
        <span className="photo-upload__image photo-upload__image--empty" aria-hidden="true">
          {placeholder}
        </span>
      )}
      <div className="photo-upload__controls">
        {disabled ? (
          <p className="field__hint">{disabledReason}</p>
        ) : (
          <>
            <label className="button button--secondary" htmlFor={inputId}>
              {label}
            </label>
            <input
              ref={input}
              id={inputId}
              className="visually-hidden"
              type="file"
              accept={IMAGE_ACCEPT}
              onChange={(event) => void choose(event.target.files)}
            />
            <p className="field__hint">One JPEG or PNG image; it is cropped to a square.</p>
          </>
        )}
        {problem ? (
          <p className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <PhotoCropperDialog
        file={file}
        title={cropTitle}
        onCancel={() => setFile(null)}
        onCropped={async (image) => {
          await onSave(image);
          setFile(null);
        }}
      />
    </div>
  );
}
