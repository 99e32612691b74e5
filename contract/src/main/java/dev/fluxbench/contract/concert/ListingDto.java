package dev.fluxbench.contract.concert;

import java.util.List;

import dev.fluxbench.contract.artist.ArtistDto;

/**
 * A listing with everything it points to: its artist, the music to know by heart, and the
 * musics played, in id order in every stack.
 */
public record ListingDto(long id, ArtistDto artist, MusicDto referenceMusic, List<MusicDto> musics) {

}
