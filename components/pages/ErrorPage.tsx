import { SUPPORT_EMAIL } from "../../domain/site/site.ts";
import { StatusPanel } from "../StatusPanel.tsx";
import { buttonClass, LINK_CLASS } from "../ui.ts";

export function ErrorPage({ status, message }: { status: number; message: string }) {
  return (
    <StatusPanel layout="page" title={status >= 500 ? "Something went wrong" : "We couldn't do that"}>
      <p className="text-lg text-slate-600">{message}</p>
      <p className="text-slate-600">
        If this keeps happening, write to{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`} className={LINK_CLASS}>{SUPPORT_EMAIL}</a>.
      </p>
      <a href="/" className={buttonClass("primary")}>Back to Home</a>
    </StatusPanel>
  );
}
