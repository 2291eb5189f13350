// A lead's status as a small coloured label; the names come from the contract.
import { LEAD_STATUS_LABELS, type LeadStatus } from '@agency/contract';

export const statusLabel = (status: string) => LEAD_STATUS_LABELS[status as LeadStatus] ?? status;

const TONES: Partial<Record<string, string>> = {
  new: 'bg-sky-100 text-sky-900',
  spam: 'bg-red-100 text-red-900',
  won: 'bg-green-100 text-green-900',
  hired: 'bg-green-100 text-green-900',
  lost: 'bg-slate-200 text-slate-800',
  rejected: 'bg-slate-200 text-slate-800',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
        TONES[status] ?? 'bg-amber-100 text-amber-950'
      }`}
    >
      {statusLabel(status)}
    </span>
  );
}
