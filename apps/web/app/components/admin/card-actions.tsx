// The row of buttons under a card in the admin's lists (Manage Blogs, Jobs). Each button names the card it acts
// on, so a screen reader's list of buttons reads "Edit “Title”", not a column of "Edit".
import { outlineDangerButton, secondaryButton } from './form-styles';

export interface CardAction {
  label: string;
  /** The accessible name; defaults to `<label> “<title>”`. */
  name?: string;
  onClick: () => void;
  /** A destructive action (delete), drawn outlined in red. */
  danger?: boolean;
}

export function CardActions({ title, actions }: { title: string; actions: CardAction[] }) {
  return (
    <div className="mt-auto flex flex-wrap gap-2 pt-2">
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          onClick={action.onClick}
          aria-label={action.name ?? `${action.label} “${title}”`}
          className={action.danger ? outlineDangerButton : secondaryButton}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}
