/** Client testimonials for the home page carousel (spec: six entries, three from clients in Nigeria). */
export interface Testimonial {
  name: string;
  company: string;
  text: string;
  /** Root-relative URL of an initials avatar drawn for the site (SVG, no photos). */
  image: string;
}

export const testimonials: Testimonial[] = [
  {
    name: "Tolulope Adebayo",
    company: "Zeta Brent Education, Lagos",
    text: "Our enquiries used to sit in a shared inbox for days. Now every lead gets a reply in minutes and our counsellors see the whole pipeline at a glance.",
    image: "/images/home/avatars/tolulope-adebayo.svg",
  },
  {
    name: "Emeka Obi",
    company: "Profix Ventures, Abuja",
    text: "The CRM automation paid for itself in the first month. Follow-ups go out on time and nobody on the team has to remember them any more.",
    image: "/images/home/avatars/emeka-obi.svg",
  },
  {
    name: "Halima Yusuf",
    company: "Supreme Living Accommodations, Abuja",
    text: "The new website loads fast on any phone and guests can book straight from it. Direct bookings went up within weeks of launch.",
    image: "/images/home/avatars/halima-yusuf.svg",
  },
  {
    name: "Sarah Whitman",
    company: "Hawthorne Legal, London",
    text: "They mapped our intake process before touching any software. The result is a calm, predictable pipeline and far fewer missed consultations.",
    image: "/images/home/avatars/sarah-whitman.svg",
  },
  {
    name: "Dr. Priya Raman",
    company: "Maple Dental Clinic, Toronto",
    text: "Reminders, reviews and recalls now run on their own. Our front desk finally has time for the patients standing in front of them.",
    image: "/images/home/avatars/priya-raman.svg",
  },
  {
    name: "Marcus Hale",
    company: "Growth Dynamics, Austin",
    text: "Clear reporting, honest advice and campaigns that actually convert. Our cost per lead dropped and stayed down.",
    image: "/images/home/avatars/marcus-hale.svg",
  },
];

/** The fixed rating shown on every testimonial (spec section 9). */
export const TESTIMONIAL_RATING = 5;

export const testimonialsSection = {
  eyebrow: "Testimonials",
  title: "What Our Clients Say",
  description: "Business owners in Nigeria and abroad on working with us.",
  regionLabel: "Client testimonials (focus to pause; scroll sideways for more)",
  ratingLabel: (rating: number) => `Rated ${rating} out of 5`,
};
