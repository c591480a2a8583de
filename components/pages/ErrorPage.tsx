import { SUPPORT_EMAIL } from "../../domain/site.ts";
import { buttonClass, LINK_CLASS } from "../ui.ts";

export function ErrorPage({ status, message }: { status: number; message: string }) {
  return (
    <section className="mx-auto grid max-w-xl justify-items-center gap-6 px-4 py-24 text-center">
      <h1 className="font-display text-4xl font-extrabold text-slate-900">
        {status >= 500 ? "Something went wrong" : "We couldn't do that"}
      </h1>
      <p className="text-lg text-slate-600">{message}</p>
      <p className="text-slate-600">
        If this keeps happening, write to{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`} className={LINK_CLASS}>{SUPPORT_EMAIL}</a>.
      </p>
      <a href="/" className={buttonClass("primary")}>Back to Home</a>
    </section>
  );
}
