-- The foreign key from an exchange rate to the member who set it (20261130141500_ad_spend.sql) gets
-- its index, as every foreign key here has one: removing a user then finds their rates without
-- reading the whole table (the advisor's unindexed_foreign_keys).
create index exchange_rates_updated_by_idx on public.exchange_rates (updated_by);
