"""The games, servers, adapters and profiles the tests play (no tests here): broken games, conforming variants, misbehaving and hostile games and servers, the serial device."""
