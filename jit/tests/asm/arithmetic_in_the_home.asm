function main (asm, 136 bytes)
    00000  jmp 0000000000000059h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  test rsi,rsi
    0000b  jne 0000000000000018h
; return before the frame
    00011  mov eax,0
    00017  ret
; frame
    00018  push rbp
    00019  mov rbp,rsp
    0001c  mov edi,0
; line 6: jz
    00022  test rsi,rsi
    00025  je 000000000000004Ch
    0002b  nop [rax+rax]
    00034  nop [rax+rax]
    0003d  nop [rax]
; line 7: add
    00040  add rdi,rsi
; line 8: sub
    00043  sub rsi,1
; line 9: jmp
; line 6: jz
    00047  test rsi,rsi
    0004a  jne 0000000000000040h
; line 11: ret
    0004c  mov rax,rdi
    0004f  mov rsp,rbp
    00052  pop rbp
    00053  ret
; unwind to the entry from the interpreter
    00054  mov rsp,[r15+28h]
    00058  ret
; external entry (from the interpreter)
    00059  mov rax,ADDR
    00063  mov rcx,8
    0006d  lea r11,[8]
    00074  jmp qword ptr [80h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00080  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

