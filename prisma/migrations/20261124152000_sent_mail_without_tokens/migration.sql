-- Sent mail keeps no API token: blank the tokens of token mails already sent (new ones are blanked as they are sent).
UPDATE "OutboxMail" SET body = regexp_replace(body, 'kahu_[A-Za-z0-9_-]{43}', 'kahu_[removed once sent]', 'g') WHERE kind = 'token' AND status = 'sent';
