package dev.fluxbench.contract.concert;

import java.time.LocalDate;
import java.util.List;

/**
 * A whole concert: its listings in id order, each with its artist, reference music and
 * musics. Every stack and every way of reading it answers the same bytes.
 */
public record ConcertDto(long id, String name, String location, LocalDate date, List<ListingDto> listings) {

}
