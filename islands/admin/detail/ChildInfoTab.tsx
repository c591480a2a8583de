import { childAgeLabel } from "../../../domain/order/child_age.ts";
import type { ListedOrder } from "../types.ts";
import { Field, Section } from "./fields.tsx";

/** What the parent told us about the child (staff-side §3, people and content). */
export function ChildInfoTab({ order }: { order: ListedOrder }) {
  return (
    <div className="grid gap-6">
      <Section title="Child">
        <Field label="Child Name" value={order.childName} />
        <Field label="Age" value={childAgeLabel(order.childAge ?? undefined)} />
        <Field label="Favorite Color" value={order.favoriteColor} />
        <Field label="Pet Name" value={order.petName} />
        <Field label="Friends" value={order.childFriends} wide />
        <Field label="Favorite Place" value={order.favoritePlace} wide />
        <Field label="Activities" value={order.childActivities} wide />
        <Field label="Special Talent" value={order.specialTalent} wide />
        <Field label="Dream / Aspiration" value={order.dreamAspiration} wide />
        <Field label="Extra Details" value={order.extraDetails} wide />
        <Field label="Additional Details" value={order.additionalDetails} wide />
      </Section>
    </div>
  );
}
