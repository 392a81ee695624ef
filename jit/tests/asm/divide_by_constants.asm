function by_10 (asm, 247 bytes)
    00000  jmp 000000000000004Eh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
; line 6: div
    00013  mov rax,6666666666666667h
    0001d  imul rsi
    00020  sar rdx,2
    00024  mov rax,rdx
    00027  shr rax,3Fh
    0002b  add rax,rdx
    0002e  mov rdi,rax
; line 7: rem
    00031  imul r8,rdi,0Ah
    00038  sub rsi,r8
; line 8: add
    0003b  add rsi,rdi
; line 9: ret
    0003e  mov rax,rsi
    00041  mov rsp,rbp
    00044  pop rbp
    00045  ret
; unwind to the entry from the interpreter
    00046  mov rsp,[r15+28h]
    0004d  ret
; external entry (from the interpreter)
    0004e  push rbp
    0004f  mov rbp,rsp
    00052  push rbx
    00053  push r12
    00055  push r13
    00057  push r14
    00059  push r15
    0005b  mov r15,ADDR
    00065  mov [r15+30h],rdi
    0006c  push qword ptr [r15+28h]
    00073  mov r14,8
    0007d  mov r13,[r15+10h]
    00084  sub r13,[r15]
    0008b  lea rax,[0D0h]
    00092  push rax
    00093  mov [r15+28h],rsp
    0009a  sub rsp,8
    0009e  mov rdx,rsi
    000a1  sub rsp,10h
    000a8  mov rsi,[rdx]
    000af  call 8
    000b4  xor edx,edx
    000b6  lea rsp,[rbp-30h]
    000bd  pop rcx
    000be  mov [r15+28h],rcx
    000c5  pop r15
    000c7  pop r14
    000c9  pop r13
    000cb  pop r12
    000cd  pop rbx
    000ce  pop rbp
    000cf  ret
    000d0  lea rbp,[rsp+30h]
    000d8  mov edx,1
    000dd  lea rsp,[rbp-30h]
    000e4  pop rcx
    000e5  mov [r15+28h],rcx
    000ec  pop r15
    000ee  pop r14
    000f0  pop r13
    000f2  pop r12
    000f4  pop rbx
    000f5  pop rbp
    000f6  ret

function by_8 (asm, 262 bytes)
    00000  jmp 000000000000005Dh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 12: div
    00013  mov rax,rsi
    00016  sar rax,3Fh
    0001a  shr rax,3Dh
    0001e  add rax,rsi
    00021  sar rax,3
    00025  mov rdi,rax
; line 13: rem
    00028  mov rcx,rsi
    0002b  mov rax,rcx
    0002e  sar rax,3Fh
    00032  shr rax,3Dh
    00036  add rax,rcx
    00039  sar rax,3
    0003d  shl rax,3
    00041  sub rcx,rax
    00044  mov rax,rcx
    00047  mov rsi,rax
; line 14: add
    0004a  add rsi,rdi
; line 15: ret
    0004d  mov rax,rsi
    00050  mov rsp,rbp
    00053  pop rbp
    00054  ret
; unwind to the entry from the interpreter
    00055  mov rsp,[r15+28h]
    0005c  ret
; external entry (from the interpreter)
    0005d  push rbp
    0005e  mov rbp,rsp
    00061  push rbx
    00062  push r12
    00064  push r13
    00066  push r14
    00068  push r15
    0006a  mov r15,ADDR
    00074  mov [r15+30h],rdi
    0007b  push qword ptr [r15+28h]
    00082  mov r14,8
    0008c  mov r13,[r15+10h]
    00093  sub r13,[r15]
    0009a  lea rax,[0DFh]
    000a1  push rax
    000a2  mov [r15+28h],rsp
    000a9  sub rsp,8
    000ad  mov rdx,rsi
    000b0  sub rsp,10h
    000b7  mov rsi,[rdx]
    000be  call 8
    000c3  xor edx,edx
    000c5  lea rsp,[rbp-30h]
    000cc  pop rcx
    000cd  mov [r15+28h],rcx
    000d4  pop r15
    000d6  pop r14
    000d8  pop r13
    000da  pop r12
    000dc  pop rbx
    000dd  pop rbp
    000de  ret
    000df  lea rbp,[rsp+30h]
    000e7  mov edx,1
    000ec  lea rsp,[rbp-30h]
    000f3  pop rcx
    000f4  mov [r15+28h],rcx
    000fb  pop r15
    000fd  pop r14
    000ff  pop r13
    00101  pop r12
    00103  pop rbx
    00104  pop rbp
    00105  ret

function by_minus_1 (asm, 224 bytes)
    00000  jmp 0000000000000037h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 18: div
    00013  mov rax,rsi
    00016  neg rax
    00019  mov rdi,rax
; line 19: rem
    0001c  mov rcx,rsi
    0001f  xor eax,eax
    00021  mov rsi,rax
; line 20: add
    00024  add rsi,rdi
; line 21: ret
    00027  mov rax,rsi
    0002a  mov rsp,rbp
    0002d  pop rbp
    0002e  ret
; unwind to the entry from the interpreter
    0002f  mov rsp,[r15+28h]
    00036  ret
; external entry (from the interpreter)
    00037  push rbp
    00038  mov rbp,rsp
    0003b  push rbx
    0003c  push r12
    0003e  push r13
    00040  push r14
    00042  push r15
    00044  mov r15,ADDR
    0004e  mov [r15+30h],rdi
    00055  push qword ptr [r15+28h]
    0005c  mov r14,8
    00066  mov r13,[r15+10h]
    0006d  sub r13,[r15]
    00074  lea rax,[0B9h]
    0007b  push rax
    0007c  mov [r15+28h],rsp
    00083  sub rsp,8
    00087  mov rdx,rsi
    0008a  sub rsp,10h
    00091  mov rsi,[rdx]
    00098  call 8
    0009d  xor edx,edx
    0009f  lea rsp,[rbp-30h]
    000a6  pop rcx
    000a7  mov [r15+28h],rcx
    000ae  pop r15
    000b0  pop r14
    000b2  pop r13
    000b4  pop r12
    000b6  pop rbx
    000b7  pop rbp
    000b8  ret
    000b9  lea rbp,[rsp+30h]
    000c1  mov edx,1
    000c6  lea rsp,[rbp-30h]
    000cd  pop rcx
    000ce  mov [r15+28h],rcx
    000d5  pop r15
    000d7  pop r14
    000d9  pop r13
    000db  pop r12
    000dd  pop rbx
    000de  pop rbp
    000df  ret

