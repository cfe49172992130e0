/** Implementation of event delivery and of the agents; not exported. */
package org.estuary.event.internal;
