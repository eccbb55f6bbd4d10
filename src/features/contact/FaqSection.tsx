import { Accordion } from "../../components/ui/Accordion";
import { Section, SectionHeading } from "../../components/ui/Section";
import { contactCopy } from "../../content/contact";
import { faqItems } from "../../content/faq";

export function FaqSection() {
  return (
    <Section belowFold aria-labelledby="faq-heading" className="bg-slate-50">
      <SectionHeading id="faq-heading" eyebrow={contactCopy.faqEyebrow} title={contactCopy.faqHeading} />
      <Accordion
        className="mx-auto max-w-3xl"
        items={faqItems.map((item, index) => ({
          id: `faq-${index + 1}`,
          title: item.question,
          content: <p>{item.answer}</p>,
        }))}
      />
    </Section>
  );
}
