package dev.fluxbench.contract.concert;

/** A music as every stack returns it. */
public record MusicDto(long id, String name, String lyrics) {

}
