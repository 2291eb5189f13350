// Renders policy text blocks: paragraphs and bulleted lists.
import type { PolicyBlock } from '~/content/policies';

export function PolicyBlocks({ blocks }: { blocks: readonly PolicyBlock[] }) {
  return (
    <div className="space-y-4 text-slate-700">
      {blocks.map((block, index) =>
        typeof block === 'string' ? (
          <p key={index}>{block}</p>
        ) : (
          <ul key={index} className="list-disc space-y-2 pl-6">
            {block.list.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
