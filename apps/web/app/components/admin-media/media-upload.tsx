// Adds an image to the media library: the file and its description, both required (issue 23, item 5).
import { type MediaCreated, MediaCreatedSchema, MEDIA_MESSAGES } from '@agency/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { inputClass, labelClass, primaryButton } from '~/components/admin/form-styles';
import { toast } from '~/components/ui/toast';
import { ApiRequestError } from '~/lib/api';
import { mutate } from '~/lib/api-query';

export function MediaUpload({ onUploaded }: { onUploaded?: (item: MediaCreated) => void }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The upload's own form: a picker inside another form must not submit that one.
    event.stopPropagation();
    const body = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const item = MediaCreatedSchema.parse(
        await mutate('/admin/media', { method: 'POST', body, invalidates: ['/admin/media'] }),
      );
      setFields({});
      form.current?.reset();
      toast.success(MEDIA_MESSAGES.uploaded);
      onUploaded?.(item);
    } catch (error) {
      const answer = error instanceof ApiRequestError ? error.body : null;
      setFields(answer?.fields ?? {});
      toast.error(answer?.error ? `${MEDIA_MESSAGES.uploadFailed}: ${answer.error}` : MEDIA_MESSAGES.uploadFailed);
    } finally {
      setBusy(false);
    }
  }

  const errorOf = (name: string) =>
    fields[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-800">
        {fields[name]}
      </p>
    ) : null;
  return (
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 md:grid-cols-2">
      <div>
        <label htmlFor={`${id}-file`} className={labelClass}>
          Image
        </label>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          accept="image/*"
          aria-invalid={Boolean(fields.file)}
          aria-describedby={fields.file ? `${id}-file-error` : undefined}
          className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700"
        />
        {errorOf('file')}
      </div>
      <div>
        <label htmlFor={`${id}-alt`} className={labelClass}>
          Description
        </label>
        <input
          id={`${id}-alt`}
          name="alt"
          aria-invalid={Boolean(fields.alt)}
          aria-describedby={`${id}-alt-hint${fields.alt ? ` ${id}-alt-error` : ''}`}
          className={inputClass}
        />
        <p id={`${id}-alt-hint`} className="mt-1 text-sm text-slate-600">
          What the image shows, for people who cannot see it. Required.
        </p>
        {errorOf('alt')}
      </div>
      <div className="md:col-span-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          Add to the library
        </button>
      </div>
    </form>
  );
}
