// Renders policy text blocks: paragraphs and bulleted lists, each item Markdown rendered by the loader.
import type { PolicyBlock } from '@agency/contract/content/policies.ts';
import { Prose } from '~/components/ui/prose';

export function PolicyBlocks({ blocks }: { blocks: readonly PolicyBlock[] }) {
  return (
    <div className="space-y-4 text-slate-700">
      {blocks.map((block, index) =>
        typeof block === 'string' ? (
          <Prose key={index} html={block} />
        ) : (
          <ul key={index} className="list-disc space-y-2 pl-6">
            {block.list.map((item) => (
              <Prose key={item} as="li" html={item} />
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
