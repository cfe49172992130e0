package org.estuary.management;

import java.util.List;
import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/**
 * One page of a longer list.
 *
 * @param total the length of the whole list when the page was read
 * @param offset the position of the page's first item in the whole list
 * @param items the page, unmodifiable
 * @param <T> the item type
 */
@ProviderType
public record Page<T>(long total, long offset, List<T> items) {

    public Page {
        if (total < 0 || offset < 0) {
            throw new IllegalArgumentException("total and offset must not be negative: " + total + ", " + offset);
        }
        items = List.copyOf(Objects.requireNonNull(items, "items"));
    }

    /** Whether items follow this page. */
    public boolean hasMore() {
        return offset + items.size() < total;
    }
}
