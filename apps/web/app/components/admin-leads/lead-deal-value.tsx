// A quote's deal value: an amount in the quote's currency, set by staff (PATCH dealValue, a number or
// null). The dashboard adds open quotes' values by status and won quotes' values per month.
import { useId, useState, type FormEvent } from 'react';
import { inputClass, labelClass, primaryButton } from '~/components/admin/form-styles';
import { toast } from '~/components/ui/toast';
import { ApiRequestError } from '~/lib/api';
import { errorMessage, mutate } from '~/lib/api-query';

/** An amount as the admin shows it, in its currency when known. */
export function money(amount: number, currency: string | null): string {
  if (!currency) return amount.toLocaleString('en-GB', { maximumFractionDigits: 2 });
  try {
    return amount.toLocaleString('en-GB', { style: 'currency', currency, maximumFractionDigits: 2 });
  } catch {
    return `${amount.toLocaleString('en-GB', { maximumFractionDigits: 2 })} ${currency}`;
  }
}

export function LeadDealValue({
  path,
  dealValue,
  currency,
  invalidates,
}: {
  path: string;
  dealValue: unknown;
  currency: string | null;
  invalidates: string[];
}) {
  const id = useId();
  const current = typeof dealValue === 'number' ? dealValue : typeof dealValue === 'string' ? Number(dealValue) : null;
  const [value, setValue] = useState(current === null || Number.isNaN(current) ? '' : String(current));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const amount = value.trim() === '' ? null : Number(value);
    if (amount !== null && (!Number.isFinite(amount) || amount < 0)) {
      setError('Enter an amount of 0 or more, or leave it empty');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await mutate(path, { method: 'PATCH', body: { dealValue: amount }, invalidates });
      toast.success(amount === null ? 'Deal value cleared' : `Deal value set to ${money(amount, currency)}`);
    } catch (caught) {
      const fields = caught instanceof ApiRequestError ? caught.body?.fields : undefined;
      setError(fields?.dealValue ?? errorMessage(caught, 'Failed to save the deal value'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={`${id}-value`} className={labelClass}>
          Deal value{currency ? ` (${currency})` : ''}
        </label>
        <input
          id={`${id}-value`}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setValue(event.target.value)}
          className={`${inputClass} max-w-[12rem]`}
        />
      </div>
      <button type="submit" disabled={busy} className={primaryButton}>
        Save deal value
      </button>
      {error && (
        <p id={`${id}-error`} className="basis-full text-sm text-red-800">
          {error}
        </p>
      )}
    </form>
  );
}
