import { Check } from "lucide-react";
import { useRef } from "react";
import { contactCopy, serviceOptions, type ServiceId } from "../../content/contact";
import { useCheckedBeforeHydration } from "../../lib/use-typed-before-hydration";

interface ServicePickerProps {
  value: string;
  onPick: (service: ServiceId) => void;
}

/** The service the visitor needs, as three cards (radios); one picked before hydration is adopted. */
export function ServicePicker({ value, onPick }: ServicePickerProps) {
  const group = useRef<HTMLFieldSetElement>(null);
  useCheckedBeforeHydration(group, ([service]) => service && onPick(service as ServiceId));
  return (
    <fieldset ref={group}>
      <legend className="text-base font-bold text-ink">{contactCopy.legends.service}</legend>
      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        {serviceOptions.map((option) => (
          <label
            key={option.value}
            className="group relative flex cursor-pointer flex-col rounded-card border-2 border-slate-200 bg-white p-4 transition-colors hover:border-brand-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2"
          >
            <input
              type="radio"
              name="service"
              value={option.value}
              checked={value === option.value}
              onChange={() => onPick(option.value as ServiceId)}
              className="sr-only"
            />
            <span className="flex items-start justify-between gap-2">
              <span className="font-bold text-ink">{option.label}</span>
              <span
                aria-hidden="true"
                className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 border-slate-300 text-white group-has-[:checked]:border-brand-700 group-has-[:checked]:bg-brand-700"
              >
                <Check className="h-3 w-3" strokeWidth={3} />
              </span>
            </span>
            <span className="mt-2 text-sm text-ink-muted">{option.description}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
