/**
 * The contact page's FAQ. Answers are plain text: the prerender step emits FAQPage JSON-LD from
 * these items, and the page renders them as text.
 */
export interface FaqItem {
  question: string;
  answer: string;
}

export const faqItems: FaqItem[] = [
  {
    question: "What is Ascend Digital?",
    answer:
      "Ascend Digital is a digital agency in Abuja that helps small and growing businesses win more customers online. We design and build websites, set up CRM automation so no lead is forgotten, and run Facebook and Google ad campaigns.",
  },
  {
    question: "How do I get started?",
    answer:
      "Book a free discovery call. It is a no-obligation conversation where we learn about your goals and challenges, then send you a tailored proposal. Fill in the form on this page or use Get Started to reach our intake form.",
  },
  {
    question: "Do you offer payment plans?",
    answer:
      "Yes. For larger projects we offer payment plans: typically a 50% deposit to begin and the balance spread across agreed milestones. Ask about it on your discovery call.",
  },
  {
    question: "Which industries do you work with?",
    answer:
      "We work with service businesses of all kinds, including education, real estate and accommodation, legal practices, healthcare and dental clinics, e-commerce and consulting firms, mostly in Nigeria and also abroad.",
  },
];

/** schema.org FAQPage for the contact page. */
export function faqJsonLd(items: FaqItem[] = faqItems) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}
