-- Who a sandbox capture link is for: the applicant (who started on a computer's QR code) or a
-- guarantor (who follows their signing link, usually on a phone). The capture page tells each
-- where to go back to; links made before read as the applicant's.
alter table ekyc_sandbox_sessions
  add column audience text not null default 'APPLICANT'
  check (audience in ('APPLICANT', 'GUARANTOR'));
