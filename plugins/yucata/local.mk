## plugins/yucata: automake fragment (see Makefile.am)
