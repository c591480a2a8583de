import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { ChevronDownIcon } from "../components/icons.tsx";
import { track } from "./lib/analytics.ts";

export interface FaqProps {
  items: readonly { question: string; answer: string }[];
}

/** An accordion with at most one answer open; choosing the open question closes it. */
export default function Faq({ items }: FaqProps) {
  useSignals();
  const open = useSignal<number | null>(null);

  const toggle = (index: number) => {
    const opening = open.value !== index;
    open.value = opening ? index : null;
    if (opening) track("FAQ Viewed", { question: items[index].question });
  };

  return (
    <div className="divide-y divide-violet-100 rounded-2xl border border-violet-100 bg-white shadow-sm">
      {items.map((item, index) => {
        const expanded = open.value === index;
        return (
          <div key={item.question}>
            <h3>
              <button
                type="button"
                id={`faq-question-${index}`}
                aria-expanded={expanded}
                aria-controls={`faq-answer-${index}`}
                onClick={() => toggle(index)}
                className="flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-lg font-semibold text-slate-900 hover:text-violet-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-violet-600"
              >
                {item.question}
                <ChevronDownIcon
                  className={`h-5 w-5 shrink-0 text-violet-600 transition-transform ${
                    expanded ? "rotate-180" : ""
                  }`}
                />
              </button>
            </h3>
            <div
              id={`faq-answer-${index}`}
              role="region"
              aria-labelledby={`faq-question-${index}`}
              hidden={!expanded}
              className="px-6 pb-5 text-slate-600 leading-relaxed"
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
