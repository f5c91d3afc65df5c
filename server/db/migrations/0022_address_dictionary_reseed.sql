-- Issue 23: the address dictionaries grew (more countries, states and cities) and categories 2 and 3
-- became the freight payment methods and express service types of an address. Their rows are numbered
-- in order from 40001 (server/db/catalogue/dictBasic.ts), so the rows of an earlier seed are removed here
-- and the seed (run after the migrations, "already seeded" path) writes them again. No table refers to
-- dict_basic but dict_basic itself (one statement: its foreign key is checked at the statement's end).
DELETE FROM "dict_basic" WHERE "category" IN (2, 3, 4, 5, 6, 8);
