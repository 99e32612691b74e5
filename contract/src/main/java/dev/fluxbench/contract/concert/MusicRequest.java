package dev.fluxbench.contract.concert;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** The body of {@code POST /concerts/data/musics}. */
public record MusicRequest(@NotBlank @Size(max = 255) String name, @Size(max = 1000) String lyrics) {

}
