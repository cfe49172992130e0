/**
 * The LE.3.1 renewal class for lease holders: {@link org.estuary.lease.renewal.LeaseRenewer} keeps leases alive
 * until the expiration each holder wants, batching leases that can batch, and tells a
 * {@link org.estuary.lease.renewal.RenewalFailureListener} when a lease is lost before then.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.lease.renewal;
