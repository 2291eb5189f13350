// The one banner of the sign-in pages (login, register, forgotten and new password, invitation): a refusal is an
// alert (read out at once), a confirmation a status.
import type { ReactNode } from 'react';

const LOOKS = {
  error: { role: 'alert', className: 'border-red-300 bg-red-50 text-red-800' },
  success: { role: 'status', className: 'border-green-300 bg-green-50 text-green-900' },
} as const;

export function AccountNotice({
  kind,
  className = '',
  children,
}: {
  kind: keyof typeof LOOKS;
  /** Spacing from what comes before it. */
  className?: string;
  children: ReactNode;
}) {
  const look = LOOKS[kind];
  return (
    <div role={look.role} className={`rounded-md border px-3 py-2 text-sm ${look.className} ${className}`}>
      {children}
    </div>
  );
}
