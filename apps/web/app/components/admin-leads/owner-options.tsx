// The choices of a lead's owner: nobody, then every account a lead can be given to, mine marked "(me)". The lead
// page's Owner and the bulk bar's New owner both offer them.
export function OwnerOptions({ owners, me }: { owners: readonly { id: string; name: string }[]; me?: string }) {
  return (
    <>
      <option value="">Nobody</option>
      {owners.map((owner) => (
        <option key={owner.id} value={owner.id}>
          {owner.name}
          {owner.id === me ? ' (me)' : ''}
        </option>
      ))}
    </>
  );
}
