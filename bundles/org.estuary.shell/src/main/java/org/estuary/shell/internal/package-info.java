/**
 * The Karaf shell commands of scope {@code estuary} (issue 7 item 3). Each command is a Karaf {@code Action}
 * over a management service ({@code RenewalAdmin}) or the {@code Store} services; a new service adds one command
 * class per view or action here, with its admin interface as the {@code @Reference}.
 */
package org.estuary.shell.internal;
