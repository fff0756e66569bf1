// Test certificates made by openssl (EC P-256 keys: cheap), shared by the TLS tests.
#pragma once

namespace edgetop::testing {

// Certificates, made by parts (each test makes the ones it uses: openssl runs are most of a
// test's time): `base` a CA and a server certificate of it; `clients` another CA and a client
// certificate of each; `second` a second server certificate (and key); `validity` an expired and
// a not-yet-valid server certificate. `openssl ca` sets the validity dates (x509 -days cannot
// put them in the past or the future).
inline constexpr const char* kMakeCertificates = R"script(set -e
when() { date -u -d "$1" +%Y%m%d%H%M%SZ; }
new_key() {  # name [x509 options]: a P-256 key and a request (.csr), or a certificate (.pem)
  openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$1.key" \
    -subj "/CN=$1" -out "$1.$([ -n "${2:-}" ] && echo pem || echo csr)" ${2:-} 2>/dev/null
}
issue() {  # certificate request ca from until
  openssl ca -batch -config ca.cnf -cert "$3.pem" -keyfile "$3.key" -in "$2.csr" -out "$1.pem" \
    -startdate "$(when "$4")" -enddate "$(when "$5")" -extfile ext.cnf -notext 2>/dev/null
}
base() {
  printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >ext.cnf
  printf '[ca]\ndefault_ca=d\n[d]\ndatabase=index.txt\nnew_certs_dir=.\nserial=serial\n' >ca.cnf
  printf 'default_md=sha256\npolicy=p\nunique_subject=no\n[p]\ncommonName=supplied\n' >>ca.cnf
  : >index.txt
  echo 1000 >serial
  echo 'not a certificate' >not-pem.txt
  new_key ca "-x509 -days 30"
  new_key server
  issue server server ca '-1 day' '+30 days'
}
clients() {
  new_key other-ca "-x509 -days 30"
  for name in client other-client; do new_key $name; done
  issue client client ca '-1 day' '+30 days'
  issue other-client other-client other-ca '-1 day' '+30 days'
}
second() {
  new_key server2
  issue server2 server2 ca '-1 day' '+30 days'
}
validity() {
  issue expired server ca '-3 days' '-1 day'
  issue future server ca '+2 days' '+30 days'
}
)script";

}  // namespace edgetop::testing
