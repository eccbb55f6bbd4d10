-- Sample posts for local development (`supabase db reset` runs this file too), published at the
-- time they were written.
-- The author is a seed user with no usable password: nobody can sign in as them.
-- Cover images are the site's own drawings (public/images/blog/), addressed by the site's URL; the
-- site loads URLs on its own origin from the current origin, so they also show locally.

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
) values (
  '00000000-0000-0000-0000-000000000000',
  'a5cd0000-0000-4000-8000-000000000001',
  'authenticated', 'authenticated', 'team@ascenddigital.ng', '', now(),
  '{"provider": "email", "providers": ["email"]}',
  '{"full_name": "Ascend Digital Team"}',
  '2024-09-01 09:00:00+01', '2024-09-01 09:00:00+01',
  '', '', '', ''
) on conflict (id) do nothing;

-- The seed author's public face: a short bio under their posts and on /blog/author/ascend-digital-team
-- (the slug is made from the name: 20261127110000_author_profiles.sql).
update public.profiles
   set bio = 'Designers, developers and ad specialists in Abuja who build websites, CRM automations and ad campaigns for growing businesses.'
 where id = 'a5cd0000-0000-4000-8000-000000000001' and bio is null;

insert into public.posts (title, content, category, image_url, author_id, slug, created_at, updated_at, status, published_at)
values
(
  'Why Every Lagos Small Business Needs a Website in 2025',
  E'Most of your customers search before they buy. When someone in Lekki or Ikeja hears about your bakery, salon or logistics company, the first thing they do is look you up on their phone. If all they find is an Instagram page with a handful of posts, you are asking them to trust you on very little.\n\nA simple, fast website gives you a home you control. It shows your prices, your opening hours, your location on a map and real reviews from real customers. It also works when Instagram is down or your account is restricted.\n\nYou do not need a huge budget to start. A three-page site with a clear contact form and a WhatsApp button is enough for most small businesses. Start there, measure the enquiries it brings, and grow it as the business grows.',
  'Web Design',
  'https://ascenddigital.ng/images/blog/website-on-phone.svg',
  'a5cd0000-0000-4000-8000-000000000001',
  'why-every-lagos-small-business-needs-a-website-in-2025-1726210800000',
  '2024-09-13 08:00:00+01', '2024-09-13 08:00:00+01', 'published', '2024-09-13 08:00:00+01'
),
(
  'Stop Losing Leads in Your WhatsApp Inbox',
  E'WhatsApp is where Nigerian customers talk to businesses. It is also where leads quietly disappear: a message comes in while you are busy, it scrolls out of view, and by the time you reply the customer has bought from someone else.\n\nA basic CRM fixes this. Every enquiry from your website, Instagram and WhatsApp lands in one list with a name, a phone number and a status. Nobody has to remember who to follow up with, because the system reminds you.\n\nAutomation does the rest. An instant reply thanks the customer and sets expectations, a reminder goes out if a quote has not been answered in two days, and your team sees at a glance which deals are close to closing.',
  'CRM Automation',
  null,
  'a5cd0000-0000-4000-8000-000000000001',
  'stop-losing-leads-in-your-whatsapp-inbox-1729065600000',
  '2024-10-16 09:30:00+01', '2024-10-16 09:30:00+01', 'published', '2024-10-16 09:30:00+01'
),
(
  'How to Run Facebook Ads on a ₦50,000 Budget',
  E'You do not need millions of naira to see results from paid ads. With ₦50,000 and a clear goal, a small business in Abuja or Port Harcourt can reach thousands of the right people in a week.\n\nStart with one offer and one audience. Pick the product that sells best, target people within a realistic delivery distance, and send them to a page or a WhatsApp chat where they can act immediately.\n\nThen watch the numbers that matter: cost per message or cost per lead, not likes. Turn off the ads that do not convert after three or four days and move that budget to the ones that do.',
  'Paid Ads',
  'https://ascenddigital.ng/images/blog/ads-budget.svg',
  'a5cd0000-0000-4000-8000-000000000001',
  'how-to-run-facebook-ads-on-a-50000-budget-1732348800000',
  '2024-11-23 10:00:00+01', '2024-11-23 10:00:00+01', 'published', '2024-11-23 10:00:00+01'
),
(
  'Five Signs Your Business Has Outgrown Spreadsheets',
  E'Spreadsheets are a great start. But when two people edit the same customer list, when you cannot tell which invoice was paid, or when a new staff member needs a week to understand the tabs, the spreadsheet is costing you money.\n\nThe five signs we see most often: customers get contacted twice or not at all; nobody knows the real sales pipeline; follow-ups depend on one person''s memory; reports take a whole afternoon; and data lives in three different files.\n\nIf two or more of these sound familiar, it is time to move your customer data into a proper CRM. The switch takes days, not months, and your team gets those afternoons back.',
  'CRM Automation',
  null,
  'a5cd0000-0000-4000-8000-000000000001',
  'five-signs-your-business-has-outgrown-spreadsheets-1736755200000',
  '2025-01-13 08:45:00+01', '2025-01-13 08:45:00+01', 'published', '2025-01-13 08:45:00+01'
),
(
  'Turning Instagram Followers into Paying Customers',
  E'Followers are not customers. Many Nigerian brands have tens of thousands of followers and still struggle to make consistent sales, because there is no clear path from a post to a purchase.\n\nBuild that path. Every post should point somewhere: a product page, a booking form or a WhatsApp chat with a pre-filled message. Your bio link should open a page built for conversion, not your home page.\n\nFinally, capture contacts. A small discount in exchange for an e-mail address or phone number lets you reach people again without paying Instagram every time.',
  'Business Growth',
  'https://ascenddigital.ng/images/blog/instagram-to-sales.svg',
  'a5cd0000-0000-4000-8000-000000000001',
  'turning-instagram-followers-into-paying-customers-1740992400000',
  '2025-03-03 10:00:00+01', '2025-03-03 10:00:00+01', 'published', '2025-03-03 10:00:00+01'
),
(
  'What a Good Small Business Website Costs in Nigeria',
  E'Prices for websites in Nigeria range from ₦30,000 to several million, and it is hard to know what you are paying for. The difference is rarely the design alone.\n\nA good website includes fast hosting, a domain you own, mobile-first pages, basic search engine setup, a contact form that actually delivers messages, and someone to call when something breaks. Cheap sites often skip the last three.\n\nAsk every agency the same questions: who owns the domain, how fast does the site load on a phone, and what support do you get after launch? The answers tell you more than the price.',
  'Web Design',
  null,
  'a5cd0000-0000-4000-8000-000000000001',
  'what-a-good-small-business-website-costs-in-nigeria-1745312400000',
  '2025-04-22 10:00:00+01', '2025-04-22 10:00:00+01', 'published', '2025-04-22 10:00:00+01'
)
on conflict (slug) do nothing;

-- Tags on two of the seeded posts, so that a tag's page (/blog/tag/whatsapp) lists posts locally and
-- the performance checks measure one (scripts/script-budgets.ts). Left alone once an editor has tagged them.
update public.posts set tags = array['WhatsApp', 'Lead follow-up']
 where slug = 'stop-losing-leads-in-your-whatsapp-inbox-1729065600000' and tags = '{}';
update public.posts set tags = array['WhatsApp', 'Instagram']
 where slug = 'turning-instagram-followers-into-paying-customers-1740992400000' and tags = '{}';
