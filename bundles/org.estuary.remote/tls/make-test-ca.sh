#!/usr/bin/env bash
# Makes a test CA, a server key and a client key for Estuary's TLS (keytool only, from the JDK), in DIR:
#   ca.p12        the CA's key (keep it; it signs more keys)      ca.crt  its certificate (PEM)
#   server.p12    the server's key + chain (tls.keystore)         truststore.p12  the CA certificate (tls.truststore)
#   client.p12    a client's key + chain (the client's keystore)
# Usage: make-test-ca.sh DIR [PASSWORD] [SERVER_HOST]   (password default "changeit", host default 127.0.0.1)
# For tests and trials only: a production CA belongs to your organisation's PKI.
set -euo pipefail
dir=${1:?usage: make-test-ca.sh DIR [PASSWORD] [SERVER_HOST]}
pass=${2:-changeit}
host=${3:-127.0.0.1}
mkdir -p "$dir"
cd "$dir"
rm -f ca.p12 ca.crt server.p12 client.p12 truststore.p12 server.csr client.csr server.crt client.crt
kt() { keytool -noprompt -storetype PKCS12 -storepass "$pass" -keypass "$pass" "$@"; }
san="SAN=IP:127.0.0.1,DNS:localhost"
case "$host" in
    127.0.0.1|localhost) ;;
    *[!0-9.]*) san="$san,DNS:$host" ;;
    *) san="$san,IP:$host" ;;
esac

kt -genkeypair -alias ca -keyalg EC -groupname secp256r1 -dname "CN=Estuary test CA" -validity 3650 \
   -ext bc:c -keystore ca.p12
kt -exportcert -rfc -alias ca -keystore ca.p12 -file ca.crt
kt -importcert -alias ca -file ca.crt -keystore truststore.p12

for who in server client; do
    kt -genkeypair -alias "$who" -keyalg EC -groupname secp256r1 -dname "CN=Estuary test $who" -validity 825 \
       -keystore "$who.p12"
    kt -certreq -alias "$who" -keystore "$who.p12" -file "$who.csr"
    if [ "$who" = server ]; then ext=(-ext "$san" -ext EKU=serverAuth,clientAuth); else ext=(-ext EKU=clientAuth); fi
    kt -gencert -alias ca -keystore ca.p12 -infile "$who.csr" -outfile "$who.crt" -rfc -validity 825 "${ext[@]}"
    kt -importcert -alias ca -file ca.crt -keystore "$who.p12"
    kt -importcert -alias "$who" -file "$who.crt" -keystore "$who.p12"
    rm -f "$who.csr"
done
echo "made ca.p12 ca.crt truststore.p12 server.p12 client.p12 in $(pwd) (password: the one given)"
