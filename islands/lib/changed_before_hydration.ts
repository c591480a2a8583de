/**
 * What a visitor changed in a form before its island hydrated: typed, ticked or chosen (or what the
 * browser filled in for them). While hydrating, React leaves such values on screen but does not tell
 * the component, whose next render would put its own value back and lose them; the island reads them
 * here once it has hydrated and makes them its own. A field counts as changed when it differs from the
 * HTML the server sent (its default value, checked state or selected option).
 */
export function changedBeforeHydration(form: HTMLFormElement): Map<string, string | boolean> {
  const changed = new Map<string, string | boolean>();
  for (const field of form.elements) {
    if (field instanceof HTMLInputElement && field.name) {
      if (field.type === "checkbox") {
        if (field.checked !== field.defaultChecked) changed.set(field.name, field.checked);
      } else if (field.type === "radio") {
        if (field.checked && !field.defaultChecked) changed.set(field.name, field.value);
      } else if (field.value !== field.defaultValue) {
        changed.set(field.name, field.value);
      }
    } else if (field instanceof HTMLTextAreaElement && field.name) {
      if (field.value !== field.defaultValue) changed.set(field.name, field.value);
    } else if (field instanceof HTMLSelectElement && field.name) {
      const chosen = field.selectedOptions[0];
      if (chosen && !chosen.defaultSelected) changed.set(field.name, field.value);
    }
  }
  return changed;
}
