/**
 * Felix web console pages made from the {@code ServiceView}s the services register: one page per view
 * ({@code estuary-NAME}, menu category {@value org.estuary.webconsole.internal.Html#CATEGORY}) with its tables,
 * buttons for its actions (POST with a CSRF token) and its metrics. A new service gets its page by registering its
 * view; nothing here names a service.
 */
package org.estuary.webconsole.internal;
