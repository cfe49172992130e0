/**
 * The serializable proxies of the lease renewal service (LR): the service, its sets, the renewal failure event,
 * and the backend interface they call. Not exported yet: remote clients get it with issue 5.
 */
package org.estuary.renewal.proxy;
