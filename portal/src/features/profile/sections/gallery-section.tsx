import type { DocumentRef, OwnProfile } from '@fm/sdk/contracts';
import {
  DOCUMENT_ACCEPT,
  documentFileProblem,
  IMAGE_ACCEPT,
  imageFileProblem,
  PhotoUpload,
} from '@fm/widgets/kit';
import { useId, useRef, useState } from 'react';
import { api } from '../../../shared/api-client.ts';
import { useMyProfile } from '../my-profile-store.tsx';
import { toastProfileUpdated, toastProfileUpdateFailed } from '../profile-toasts.ts';

const NEEDS_FRANCHISE = 'Save the franchise details first; the gallery belongs to the franchise.';

/**
 * The Gallery (on a franchisor's `general` page): the logo, cropped square; the photos, added
 * several at a time, removed and reordered; and the FDD documents (PDF). Each change is saved at
 * once.
 */
export function GallerySection({ profile }: { profile: OwnProfile }) {
  const { setProfile } = useMyProfile();
  const franchise = profile.franchise;

  const save = async (run: () => Promise<OwnProfile>) => {
    try {
      setProfile(await run());
      toastProfileUpdated();
    } catch (error) {
      toastProfileUpdateFailed(error);
      throw error;
    }
  };

  return (
    <section
      className="profile-form__group profile-gallery"
      id="gallery"
      aria-labelledby="gallery-title"
    >
      <h2 className="profile-form__group-title" id="gallery-title">
        Gallery
      </h2>
      <div className="gallery__block">
        <h3 className="gallery__heading">Logo</h3>
        <PhotoUpload
          src={franchise?.logo ?? null}
          alt={franchise?.company ? `${franchise.company} logo` : 'Logo'}
          placeholder="Logo"
          label={franchise?.logo ? 'Change logo' : 'Upload logo'}
          cropTitle="Crop your logo"
          shape="square"
          disabled={!franchise}
          disabledReason={NEEDS_FRANCHISE}
          onSave={(logo) => save(() => api.profile.update({}, { logo }))}
        />
      </div>
      <PhotosBlock
        photos={franchise?.photos ?? []}
        disabled={!franchise}
        onAdd={(photos) => save(() => api.profile.update({}, { photos }))}
        onChange={(photos) => save(() => api.profile.update({ franchise: { photos } }))}
      />
      <DocumentsBlock
        stored={franchise?.fddFiles ?? []}
        disabled={!franchise}
        onChange={async (fddFiles) => save(() => api.profile.update({ fddFiles }))}
      />
    </section>
  );
}

function PhotosBlock({
  photos,
  disabled,
  onAdd,
  onChange,
}: {
  photos: readonly string[];
  disabled: boolean;
  onAdd: (files: Blob[]) => Promise<void>;
  onChange: (photos: string[]) => Promise<void>;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      // The toast told the user; the list shows what is stored.
    } finally {
      setBusy(false);
    }
  };

  const add = (files: FileList | null) => {
    const chosen = files ? Array.from(files) : [];
    if (input.current) input.current.value = '';
    if (chosen.length === 0) return;
    const reason = imageFileProblem(chosen, { single: false });
    setProblem(reason);
    if (!reason) void run(() => onAdd(chosen));
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...photos];
    const [item] = next.splice(index, 1);
    if (item === undefined) return;
    next.splice(index + by, 0, item);
    void run(() => onChange(next));
  };

  return (
    <div className="gallery__block" aria-busy={busy}>
      <h3 className="gallery__heading">Photos</h3>
      {photos.length === 0 ? (
        <p className="field__hint">No photos yet.</p>
      ) : (
        <ol className="gallery__photos">
          {photos.map((url, index) => (
            <li key={url} className="gallery__photo">
              <img src={url} alt={`Gallery item ${index + 1}`} loading="lazy" />
              <div className="gallery__photo-actions">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move photo ${index + 1} earlier`}
                  disabled={busy || index === 0}
                  onClick={() => move(index, -1)}
                >
                  ←
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move photo ${index + 1} later`}
                  disabled={busy || index === photos.length - 1}
                  onClick={() => move(index, 1)}
                >
                  →
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={`Remove photo ${index + 1}`}
                  disabled={busy}
                  onClick={() => void run(() => onChange(photos.filter((p) => p !== url)))}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {disabled ? (
        <p className="field__hint">{NEEDS_FRANCHISE}</p>
      ) : (
        <div className="gallery__add">
          <label
            className="button button--secondary"
            htmlFor={inputId}
            aria-disabled={busy || undefined}
          >
            Add photos
          </label>
          <input
            ref={input}
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={IMAGE_ACCEPT}
            multiple
            disabled={busy}
            onChange={(event) => add(event.target.files)}
          />
          <p className="field__hint">JPEG or PNG images; you can choose several at once.</p>
        </div>
      )}
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** FDD documents: the stored list, to which uploads are added and from which files are removed. */
function DocumentsBlock({
  stored,
  disabled,
  onChange,
}: {
  stored: readonly (DocumentRef & { url: string })[];
  disabled: boolean;
  onChange: (documents: DocumentRef[]) => Promise<void>;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [documents, setDocuments] = useState<DocumentRef[]>(() =>
    stored.map(({ name, uploadId }) => ({ name, uploadId })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const commit = async (next: DocumentRef[]) => {
    await onChange(next);
    setDocuments(next);
  };

  const upload = async (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (!file) return;
    const reason = documentFileProblem(file);
    setProblem(reason);
    if (reason) return;
    setBusy(true);
    try {
      const stored = await api.profile.uploadDocument(file, file.name).catch((error: unknown) => {
        toastProfileUpdateFailed(error);
        throw error;
      });
      // The profile update toasts its own result.
      await commit([...documents, { name: file.name, uploadId: stored.id }]);
    } catch {
      // Already told.
    } finally {
      setBusy(false);
    }
  };

  const remove = async (uploadId: string) => {
    setBusy(true);
    try {
      await commit(documents.filter((d) => d.uploadId !== uploadId));
    } catch {
      // The toast told the user.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="gallery__block" aria-busy={busy}>
      <h3 className="gallery__heading">FDD documents</h3>
      <p className="field__hint">PDF files that signed-in consultants can read.</p>
      {documents.length > 0 ? (
        <ul className="gallery__documents">
          {documents.map((doc) => (
            <li key={doc.uploadId} className="gallery__document">
              <span>{doc.name}</span>
              <button
                type="button"
                className="button button--ghost"
                aria-label={`Remove ${doc.name}`}
                disabled={busy}
                onClick={() => void remove(doc.uploadId)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {disabled ? (
        <p className="field__hint">{NEEDS_FRANCHISE}</p>
      ) : (
        <div className="gallery__add">
          <label className="button button--secondary" htmlFor={inputId}>
            Upload PDF
          </label>
          <input
            ref={input}
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={DOCUMENT_ACCEPT}
            disabled={busy}
            onChange={(event) => void upload(event.target.files)}
          />
        </div>
      )}
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
