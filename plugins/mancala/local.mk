## plugins/mancala: automake fragment (see Makefile.am)
