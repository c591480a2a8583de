import { ChevronDownIcon } from "../components/icons.tsx";
import { track } from "./lib/analytics.ts";

export interface FaqProps {
  items: readonly { question: string; answer: string }[];
}

/**
 * An accordion with at most one answer open; choosing the open question closes it. Both come from
 * the browser: `<details>` sharing a `name` open one at a time, with no script at all. The
 * island adds only the count of answers read.
 */
export default function Faq({ items }: FaqProps) {
  return (
    <div className="divide-y divide-violet-100 rounded-2xl border border-violet-100 bg-white shadow-sm">
      {items.map((item) => (
        <details
          key={item.question}
          name="faq"
          data-faq=""
          className="group"
          // Closing, whether chosen or because another opened, is not a view.
          onToggle={(event) => event.currentTarget.open && track("FAQ Viewed", { question: item.question })}
        >
          <summary className="flex cursor-pointer items-center justify-between gap-4 px-6 py-5 text-left text-lg font-semibold text-slate-900 hover:text-violet-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-violet-600">
            <h3>{item.question}</h3>
            <ChevronDownIcon className="h-5 w-5 shrink-0 text-violet-600 transition-transform group-open:rotate-180" />
          </summary>
          <p className="px-6 pb-5 text-slate-600 leading-relaxed">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
