import type { ReactNode } from 'react';

/** One labelled fact inside a `<dl className="facts">` (base.css): the term over its value. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
