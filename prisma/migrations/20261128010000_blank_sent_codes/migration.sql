-- A sent mail keeps no credential (issue 23, point 8): blank the codes of sign-in and registration
-- links, and any API token, in mail sent before kahu blanked them (src/mail/sender.ts blankSecrets).
UPDATE "OutboxMail"
SET "body" = regexp_replace(regexp_replace("body", 'kahu_[A-Za-z0-9_-]{43}', 'kahu_[removed once sent]', 'g'), '#signin=[A-Za-z0-9_-]+', '#signin=[removed once sent]', 'g')
WHERE "status" = 'sent' AND ("body" ~ '#signin=[A-Za-z0-9_-]' OR "body" ~ 'kahu_[A-Za-z0-9_-]{43}');
