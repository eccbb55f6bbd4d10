import * as AccordionPrimitive from "@radix-ui/react-accordion";
import { ChevronDown } from "lucide-react";
import { useState, type ReactNode } from "react";
import { cn } from "../../lib/cn";

interface AccordionEntry {
  /** Stable value for the item; defaults to its index. */
  id?: string;
  title: ReactNode;
  content: ReactNode;
}

interface AccordionProps {
  items: AccordionEntry[];
  /** Heading level of each trigger, to fit the page outline (h3 under an h2 section). */
  headingLevel?: "h2" | "h3" | "h4";
  className?: string;
}

/**
 * A styled single-open, collapsible accordion (Radix). Closed panels stay in the HTML with the
 * `hidden` attribute, so prerendered pages carry every answer that the FAQ JSON-LD describes.
 */
export function Accordion({ items, headingLevel: Heading = "h3", className }: AccordionProps) {
  // Controlled, so that each closed panel can carry the `hidden` attribute while force-mounted.
  const [openValue, setOpenValue] = useState("");
  return (
    <AccordionPrimitive.Root
      type="single"
      collapsible
      value={openValue}
      onValueChange={setOpenValue}
      className={cn("space-y-3", className)}
    >
      {items.map((item, index) => {
        const value = item.id ?? `item-${index}`;
        return (
          <AccordionPrimitive.Item
            key={value}
            value={value}
            className="overflow-hidden rounded-card border border-slate-200 bg-white shadow-soft transition-colors data-[state=open]:border-brand-200"
          >
            <AccordionPrimitive.Header asChild>
              <Heading className="m-0">
                <AccordionPrimitive.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-ink hover:text-brand-700 focus-ring focus-visible:ring-inset sm:px-6 sm:py-5 sm:text-lg">
                  <span>{item.title}</span>
                  <ChevronDown
                    aria-hidden="true"
                    className="h-5 w-5 shrink-0 text-brand-600 transition-transform duration-200 group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                  />
                </AccordionPrimitive.Trigger>
              </Heading>
            </AccordionPrimitive.Header>
            <AccordionPrimitive.Content
              forceMount
              hidden={openValue !== value}
              className="px-5 pb-5 text-ink-muted sm:px-6"
            >
              {item.content}
            </AccordionPrimitive.Content>
          </AccordionPrimitive.Item>
        );
      })}
    </AccordionPrimitive.Root>
  );
}
