package dev.fluxbench.app.concert;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * Seed 001's listing as R2DBC knows it: ids where JPA has relations. The tables between
 * (listing_music, concert_listing) have no type at all; SQL writes and reads them.
 */
@Table("listing")
record Listing(@Id Long id, Long artistId, Long referenceMusicId) {

}
