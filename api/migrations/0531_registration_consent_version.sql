-- The version of the terms and privacy notice each applicant accepted (PDPA: a consent is
-- recorded with the text it was given to). Registrations made before this have none.
alter table registrations add column consent_text_version text
  check (char_length(consent_text_version) <= 32);
